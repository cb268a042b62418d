"""The ruling engine: decision trees (rulings/*.toml) walked over a board record."""
