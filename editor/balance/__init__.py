"""Balance runs: many games of a variant in parallel (local processes or a Dask cluster),
stored in DuckDB, summarised with statistics and plots. No Qt; see docs/architecture.md."""
