// NB: Re-exported, so a test that builds traces with `SessionFixture` also has the temporary
// paths and the built tool of `TestSupport` with one import.
@_exported import TestSupport
