"""Rules: consistency checks, setup and game engines, simulation. Pure: reads the model."""
