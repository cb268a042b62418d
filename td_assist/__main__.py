"""Allow ``python -m td_assist``."""

from td_assist.cli import main

raise SystemExit(main())
