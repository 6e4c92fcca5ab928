"""Benchmarks: `make bench` runs them; each reports medians and says how to reproduce it."""
