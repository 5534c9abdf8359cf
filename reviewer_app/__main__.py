from reviewer_app.cli.main import main

raise SystemExit(main())
