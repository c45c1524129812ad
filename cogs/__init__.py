"""Thin Discord adapters, one package per feature (``game``, ``orders``, ``draw``, ``press``,
``gm``) or variant (``duel``, ``imperialisme``): read arguments, check permissions, call a
service, format the reply. No rules here.

Every sub-package with a ``setup()`` is an extension the bot loads
(``bot.client.discover_extensions``); its ``__init__`` holds only ``setup()`` (and
``teardown()``), the cog lives in ``_cog.py``. The packages do not import each other
(``.importlinter``): a variant changes the shared commands through ``bot.ui.surface``."""
