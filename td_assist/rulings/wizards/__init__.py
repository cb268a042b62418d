"""One module per wizard: its irregularity report, facts, rectification and walk.

A wizard that holds more than one thing a reader looks for separately is a package
(``penalty_card/``: ``report``, ``gather``, ``tracking``, ``facts``, ``rectification``;
its ``__init__`` holds ``rule`` and the registry entry, and is the module
``WIZARD_MODULES`` names). Its submodules import each other, never another wizard's.

No wizard imports another (tests/test_import_rules.py checks it): what two wizards
share lives in ``td_assist.rulings.procedures``, and a wizard that hands on to
another does it through ``td_assist.rulings.engine.registry``.
"""
