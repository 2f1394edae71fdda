// Intentionally empty until the view models arrive (issue 3).
