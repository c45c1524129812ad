"""Alembic migrations of the bot's schema (applied by ``bot.db.migrate``)."""
