"""The ruling engine: decision trees (rulings/*.toml) walked over a board record.

- ``tree``: the schema of a tree file and its validation.
- ``engine``: walks any tree (the record answers fact nodes, the TD the rest) and
  builds a ``Ruling`` from an outcome node (``pending_ruling``, ``outcome_ruling``).
- ``facts``: ``Context``, ``FactResult`` and ``FactTable`` (one table per wizard).
- ``model``: what crosses the boundary: ``IrregularityReport`` (a tagged union by
  ``kind``, each wizard registering its own), ``RulingRequest``, ``Ruling`` (with
  ``adjustment`` and ``rectification``).
- ``wizards``: the registry and ``rule()``; its docstring says how to add a wizard.
- ``adjust``: declarer's tricks as played and the scores, shared by every wizard.
- one module per wizard (``revoke``...): its report, facts, computation and walk.
- ``cases``: the worked cases (rulings/cases/<wizard>/) that train and test.
"""
