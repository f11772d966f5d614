package baton

import "testing"

func TestNormalizeRepository(t *testing.T) {
	for in, want := range map[string]string{
		"https://github.com/Ada/Shop.git":         "github.com/ada/shop",
		"git@github.com:ada/shop.git":             "github.com/ada/shop",
		"ssh://git@gitlab.example.com:2222/g/s/r": "gitlab.example.com/g/s/r",
		"https://user:pw@github.com/ada/shop/":    "github.com/ada/shop",
		"github.com/ada/shop":                     "github.com/ada/shop",
		"shop":                                    "",
		"/home/ada/shop":                          "",
		"ada/shop":                                "",
		"github.com/ada/../shop":                  "",
		"https://github.com/ada shop/x":           "",
	} {
		got, ok := NormalizeRepository(in)
		if got != want || ok != (want != "") {
			t.Errorf("NormalizeRepository(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

func TestNewProjectQueryNamesTheField(t *testing.T) {
	for _, c := range []struct{ repo, cwd, branch, field string }{
		{"shop", "", "", "repo"},
		{"", "shop", "", "cwd"},
		{"", "/home/ada/shop\x00", "", "cwd"},
		{"", "/home/ada/shop", "feat x", "branch"},
		{"", "/home/ada/shop", "a..b", "branch"},
		{"", "", "-x", "branch"},
	} {
		_, err := NewProjectQuery(c.repo, c.cwd, c.branch)
		if ErrorCode(err) != EINVALID || ErrorField(err) != c.field {
			t.Errorf("NewProjectQuery(%q, %q, %q) = %v; want invalid %s", c.repo, c.cwd, c.branch, err, c.field)
		}
	}
	q, err := NewProjectQuery(" git@github.com:ada/shop.git ", `C:\Users\ada\shop\`, "feat/x")
	if err != nil || q.Repository != "github.com/ada/shop" || q.Directory != "C:/Users/ada/shop" || q.Branch != "feat/x" {
		t.Errorf("got %+v, %v", q, err)
	}
	if q.String() != "github.com/ada/shop (C:/Users/ada/shop) on branch feat/x" {
		t.Errorf("String() = %q", q.String())
	}
}
