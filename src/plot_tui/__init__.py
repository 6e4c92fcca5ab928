"""plot_tui: the Textual client. It shows what plot_core decides; it never decides a rule."""
