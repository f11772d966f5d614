package analysis

import "testing"

func TestZZProbe3(t *testing.T) {
	for _, c := range [][]string{
		{"hey! so I've been working on this side project for a while, it's a recipe manager written in Flask. The search is really slow when there are more than a few hundred recipes, can you help me speed it up?", "The recipe search scans every recipe in Python; I added a full-text index so the recipe search uses SQLite FTS5."},
		{"I need to migrate our CI from Travis to GitHub Actions. We have three jobs: lint, test and deploy, and the deploy one needs secrets for the AWS account.", "I wrote .github/workflows/ci.yml with lint, test and deploy jobs; the deploy job reads AWS secrets from the repository secrets."},
		{"We're seeing intermittent 502s from the load balancer in staging, mostly during deploys, and I suspect the health check timeout is too short for the new container image which takes longer to boot.", "The 502s come from the health check: the container needs 40 seconds to boot and the health check timeout is 10 seconds. I raised the health check grace period."},
		{"Write a blog post announcing version 2.0 of our CLI, covering the new plugin system, the faster startup and the dropped Python 3.8 support. Keep it under 800 words and friendly.", "Here is the blog post announcing version 2.0: the plugin system, faster startup, and Python 3.8 support dropped."},
		{"Can you review my PR? https://github.com/acme/shop/pull/42 I changed the checkout flow to support PayPal and I'm not sure about the error handling when the PayPal callback fails.", "The PayPal callback error handling swallows the exception; the checkout flow should show the error to the customer."},
		{"The app crashes on startup on Android 14 devices only, older versions are fine. Logcat shows a SecurityException about exported receivers.", "On Android 14 a receiver registered at runtime must say whether it is exported. I added RECEIVER_NOT_EXPORTED to the registerReceiver calls so the app no longer crashes on startup."},
		{"I'd like to understand how the scheduler in this codebase decides which worker gets a job, and whether it's fair when some workers are slower than others.", "The scheduler picks the worker with the fewest queued jobs; slow workers get fewer jobs over time, so the scheduler is roughly fair."},
	} {
		t.Logf("%q", titleOf(c...))
		cv := newConvo()
		for i, text := range c {
			if i%2 == 1 {
				cv.assistant(text)
			} else {
				cv.steward(text)
			}
		}
		for _, l := range TraceTitle(cv.analysed(testAnalyzer)) {
			t.Log(l)
		}
	}
}
