"""Loading and validating rules_data: the game's numbers as frozen objects."""
