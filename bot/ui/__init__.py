"""Discord presentation shared by the cogs: formatting, embeds, maps as attachments,
persistent buttons, posts, and the per-variant hooks of the shared commands (``surface``).
It formats and builds views; the use cases are services, and what it needs of the bot is a
Protocol (``common.RefereeBot``)."""
