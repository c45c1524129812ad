"""``python -m bot board-link --game ID --user USER_ID``: print a seated player's personal
link to the web board (an admin's tool: a player who cannot use the buttons, a test). The
link is the one the buttons give (``bot.board_links``), signed with the deployment's key.
Every refusal is one line on stderr and exit code 2."""

from __future__ import annotations

import argparse
import sys

ERROR = 2


def setup_board_link(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", type=int, required=True, help="the game's number")
    parser.add_argument("--user", type=int, required=True,
                        help="the player's Discord user id")


def _refuse(text: str) -> int:
    print(f"ERROR board-link: {text}", file=sys.stderr)
    return ERROR


async def board_link_command(args: argparse.Namespace) -> int:
    from bot import preflight
    from bot.board_links import board_link
    from bot.db import Database
    from bot.sealing import SealError, lasting_sealer
    from bot.services import games as games_service
    from bot.services.errors import NotFound

    settings = preflight.load_settings()
    if isinstance(settings, preflight.Finding):
        return preflight.report([settings])
    if not settings.web_url:
        return _refuse("WEB_URL is not set: the web board is off (docs/DEPLOY.md)")
    key = settings.secret_key
    try:
        sealer = lasting_sealer(key.get_secret_value() if key else None,
                                settings.secret_key_file)
    except (OSError, SealError) as exc:
        return _refuse(f"the secret key cannot be read: {preflight._reason(exc)}")
    unready = await preflight.migrated(settings.database_url)
    if unready is not None:
        return _refuse(unready.text)
    db = Database(settings.database_url, sealer=sealer)
    try:
        game = await games_service.get_game(db, game_id=args.game)
    except NotFound:
        return _refuse(f"there is no game {args.game}")
    except Exception as exc:  # the database is unreachable or has no schema: one line
        return _refuse(f"the database cannot be read: {preflight._reason(exc)}")
    finally:
        await db.dispose()
    if game.player(args.user) is None:
        return _refuse(f"user {args.user} has no seat in game {args.game} ({game.name}); "
                       f"the public page is {settings.web_url.rstrip('/')}/g/{game.id}")
    print(board_link(settings.web_url, sealer, game_id=game.id, user_id=args.user))
    return 0
