// The live and replayed sources arrive with issue 3.
