"""The ruling engine, knowing no wizard: trees, the walk, facts, models, the registry.

- ``tree``: the schema of a tree file (rulings/*.toml) and its validation.
- ``walk``: walks any tree (the record answers fact nodes, the TD the rest) and
  builds a ``Ruling`` from an outcome node (``pending_ruling``, ``outcome_ruling``).
- ``facts``: ``Context``, ``FactResult`` and ``FactTable`` (one table per wizard).
- ``model``: what crosses the boundary: ``IrregularityReport`` (a tagged union by
  ``kind``, each wizard registering its own), ``RulingRequest``, ``Ruling`` (with
  ``adjustment`` and ``rectification``).
- ``table_auction``: the auction tapped at the table, written into the board.
- ``registry``: the wizards by name and ``rule()``; its docstring says how to add a
  wizard. It imports the wizard modules by name (``WIZARD_MODULES``), never directly.
"""
