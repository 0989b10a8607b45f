"""The Discord side of the Grand Austria Hotel bot: settings, storage, service and discord.py cogs."""
