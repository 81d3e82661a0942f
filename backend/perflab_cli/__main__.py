"""`python -m perflab_cli`: the same as the `perflab` command."""

import sys

from perflab_cli.main import main

sys.exit(main())
