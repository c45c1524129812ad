"""Discord-agnostic use cases, one module per area (docs/ARCHITECTURE.md).

Every service is a keyword-only async function taking the ``bot.db.Database`` and ids/text,
opening one transaction per state change, returning frozen dataclasses and raising
``bot.services.errors.ServiceError`` subclasses (code + params) that the Discord layer
translates.

- ``games``: create, look up, start (assignment), extend/pause/resume, roll back, history
- ``players``: join (preferences), leave, kick, replace (docs/RULES.md §3.6), reminders
- ``orders``: submit, show own, clear, ready (early resolution), public progress
- ``turns``: adjudicate a phase (the one-transaction turn), missed phases / civil disorder
- ``draws``: secret unanimous draw vote
"""
