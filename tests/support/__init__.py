"""What the tests share: starting apps (app), reading pages (chrome), the inspector under test
(inspector), the form steps every kind of Qt app is driven through (formsteps, qtkinds)."""
