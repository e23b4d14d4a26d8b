"""Export a trained model as a small policy file, with a card of its training and evaluation.

A thin entry point: ``digsite export`` takes the same options (``--help`` lists them); the code
and its documentation are in ``digsite.training.export``.
"""

from digsite.commandline import main

if __name__ == "__main__":
    main("export", prog="export.py")
