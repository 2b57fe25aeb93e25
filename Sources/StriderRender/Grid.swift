// The renderer arrives with issue 4.
