"""The web board: an aiohttp adapter beside ``cogs/`` that calls the same ``bot`` services
(orders, history, status) for a browser. It never imports a cog and no cog imports it
(.importlinter); ``bot`` reaches it by name only (``bot.run`` loads ``web.app`` with
importlib), so the layers still point one way."""
