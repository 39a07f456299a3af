"""Game content: JSON data, schemas, and the loader that turns them into a typed model."""
