"""Names and numbers the lawbook's commands share with its modules, kept here so that a
command can read them without loading those modules (and pydantic)."""

OFFICIAL_FILE = "official-laws-2017.json"  # the imported official text, in the user folder
DEFAULT_MIN_WORDS = 12  # `laws overlap`: the shortest shared run reported
MIN_WORDS_FLOOR = 4  # below this every "the player must" would be reported
