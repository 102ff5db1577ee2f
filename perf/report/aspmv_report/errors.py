"""The error of unusable report input."""


class InputError(ValueError):
    """A run folder does not follow the collector format (docs/COLLECTOR_FORMAT.md)."""
