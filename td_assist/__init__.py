"""td-assist: a rulings assistant for duplicate-bridge tournament directors."""

__version__ = "0.1.0"
