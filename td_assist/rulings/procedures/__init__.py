"""The Laws' shared procedures, as plain functions and value types, one module each.

What two or more wizards need lives here, so that no wizard imports another:

- ``tricks_and_scores``: declarer's tricks as played and the scores before and after.
- ``adjusted_scores``: Law 12C adjusted scores (weighted, IMPs, matchpoints, per
  side, artificial); ``result_answers``: the results, traveller and comparison score
  the TD types for one, read into values.
- ``penalty_cards``: penalty cards (Laws 50-52) and their tracking through a play;
  ``named_cards``: the exposed cards a TD names, one question per card on the tablet.
- ``lead_restrictions``: what declarer may require or forbid of the offender's
  partner's lead (Law 50D2, 51B).
- ``table_roles``: who is declarer, dummy and defender as the record shows (Law 54A).
"""
