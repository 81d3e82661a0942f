"""Pure analyses (numpy/scipy only): nothing here imports FastAPI, SQLAlchemy or the rest of perflab."""
