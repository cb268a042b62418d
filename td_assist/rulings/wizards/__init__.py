"""One module per wizard: its irregularity report, facts, rectification and walk.

No wizard imports another (tests/test_import_rules.py checks it): what two wizards
share lives in ``td_assist.rulings.procedures``, and a wizard that hands on to
another does it through ``td_assist.rulings.engine.registry``.
"""
