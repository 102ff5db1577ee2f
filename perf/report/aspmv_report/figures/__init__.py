"""Figures of the report: one module per figure, each saved as PNG and SVG."""
