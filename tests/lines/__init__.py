"""Lines users paste, from the sources that print them, each with the finding and cause the analyzer must give it
(tests/analyze/test_source_lines.py reads them alone and inside an NCCL log). One module per family of sources;
each module's docstring says what it holds and where its texts come from."""
