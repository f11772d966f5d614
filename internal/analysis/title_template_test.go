package analysis

import (
	"strings"
	"testing"
)

// weatherTemplate is a prepared prompt a steward sends before each of their
// questions (a custom command's template): it says how every question is
// handled, not what one asks.
const weatherTemplate = `# Task: answer with the forecast service

You are configured as a client of the forecast service.
Your main task is to pass the user's input to the service's query function unchanged.
Return the service's result to the user as it is.

## Behaviour
1. Receive the user's input.
2. Call the query function of the forecast service with the input as its prompt argument.
3. Return the result to the user.

`

// TestTitleSkipsARepeatedTemplate: the sentences a prepared prompt repeats
// in every prompt give way to what the prompt itself asks; the same
// request sent twice keeps its words.
func TestTitleSkipsARepeatedTemplate(t *testing.T) {
	got := strings.ToLower(titleOf(
		weatherTemplate+"/forecast will it snow in the alpine passes this weekend",
		"Snow is expected above 1,800 m on Saturday; the passes may close.",
		weatherTemplate+"/forecast wind on the lake tomorrow",
		"Winds of 20 knots are expected on the lake tomorrow afternoon.",
		"which passes close first when it snows?",
		"The highest alpine passes close first when snow settles.",
	))
	checkTitleForm(t, "template", got)
	if !strings.Contains(got, "snow") || strings.Contains(got, "service") {
		t.Errorf("title %q: want the first question (snow), not the template", got)
	}

	request := "Add a retry to the uploader. It should back off exponentially. Cap the wait at a minute. Log each retry."
	got = strings.ToLower(titleOf(
		request, "I added a retry with exponential backoff to the uploader.",
		request, "The retry was already there; I capped the wait at one minute.",
	))
	if !strings.Contains(got, "retry") {
		t.Errorf("the same request sent twice: title %q, want its request (retry)", got)
	}
}

// TestKoreanTitleIsOneSentence: Korean ends its sentences with ". ", and a
// title is one of them, not the run of the first three.
func TestKoreanTitleIsOneSentence(t *testing.T) {
	var sp sentenceSplitter
	sp.line("안녕하세요. 업로드 재시도 로직을 추가해 주세요. 대기 시간은 최대 1분으로 해 주세요.")
	sp.flush()
	var got []string
	for _, s := range sp.out {
		got = append(got, s.cjk)
	}
	want := []string{"안녕하세요", "업로드 재시도 로직을 추가해 주세요", "대기 시간은 최대 1분으로 해 주세요"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("sentences %q, want %q", got, want)
	}
}

// TestTitleRequestSentAgainWithMore: a request sent again inside a longer
// prompt (the assistant asked for files first) is no template, its short
// headings ("Objectives:") repeated with the rest.
func TestTitleRequestSentAgainWithMore(t *testing.T) {
	request := "You are reviewing the billing service before its release.\nObjectives:\n1. Verify the invoice totals round correctly\n" +
		"2. Find the currency conversions done twice\n3. Flag missing tests for refunds\nConstraints:\n- Keep the public API as it is"
	got := strings.ToLower(titleOf(
		request, "Please add the invoice and currency files to the chat so I can review them.",
		request+"\n\nProvide:\n- A prioritized list of issues\n- Code suggestions where they apply", "Here is the review of the billing service.",
	))
	checkTitleForm(t, "request sent again", got)
	if !strings.Contains(got, "billing") && !strings.Contains(got, "invoice") {
		t.Errorf("title %q does not name the request sent again", got)
	}
}
