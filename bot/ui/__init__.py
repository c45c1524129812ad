"""Discord presentation shared by the cogs: formatting, embeds, persistent buttons, posts."""
