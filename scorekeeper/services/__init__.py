"""Service layer shared by the JSON API and the pages."""
