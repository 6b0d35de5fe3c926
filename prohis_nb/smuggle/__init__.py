"""Milton Bradley's Smuggle on the shared engine core (board values and rules so far)."""
