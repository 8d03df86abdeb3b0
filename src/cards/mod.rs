//! Card data: the model and the importer of the open pokemon-tcg-data JSON layout.
