"""The parts of one report section, each a function Context -> list of items."""
