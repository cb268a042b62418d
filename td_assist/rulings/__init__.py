"""The rulings: decision trees (rulings/*.toml) walked over a board record.

- ``engine``: the tree schema, the walk, the fact tables, the models that cross the
  boundary and the wizard registry; it knows no wizard.
- ``procedures``: the Laws' shared procedures (tricks and scores, Law 12C adjusted
  scores, penalty cards), used by more than one wizard.
- ``wizards``: one module per wizard, or a package of modules where it has several
  things to hold (report, facts, rectification); no wizard imports another.

The case library and practice live in ``td_assist.training``, the commands in
``td_assist.cli``.
"""
