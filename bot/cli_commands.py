"""The Discord client's commands for ``python -m bot``: ``run`` (the default), ``worker``,
``check``, ``sync``, ``invite`` and ``web``."""

from __future__ import annotations

from bot.board_cli import board_link_command, setup_board_link
from bot.run import (
    check,
    invite,
    run,
    setup_check,
    setup_invite,
    setup_run,
    setup_sync,
    setup_web,
    setup_worker,
    sync,
    web,
    worker,
)

COMMANDS = {
    "board-link": ("print a seated player's personal link to the web board",
                   setup_board_link, board_link_command),
    "run": ("start the Discord bot", setup_run, run),
    "check": ("check the configuration and the database, as run does before logging in",
              setup_check, check),
    "sync": ("push the slash commands to Discord (after an update that changes them)",
             setup_sync, sync),
    "invite": ("print the link that adds the bot to a server, with the permissions it uses",
               setup_invite, invite),
    "worker": ("run deadlines, reminders and posts, no gateway (several processes: "
               "docs/DEPLOY.md)", setup_worker, worker),
    "web": ("serve the web board alone on WEB_HOST/WEB_PORT (run serves it too when WEB_URL "
            "is set)", setup_web, web),
}
