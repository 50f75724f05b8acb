"""What other implementations and tools read and write: the machine export, the JSON Schemas, the
board context as JSON, the oracle, the portable corpus, the generated references, and PBN."""


def version() -> str:
    """The installed package's version, read from its metadata (slow to import: only when asked)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("fsm-bridge-auction")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "0+unknown"
