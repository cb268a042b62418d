"""Training apart from ruling: the worked cases (rulings/cases/<wizard>/) and practice.

Like any shell, it reaches the wizards only through the registry.
"""
