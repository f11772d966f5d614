package main

import "github.com/baton-dev/baton/bench/corpus"

// Terms the search benchmark looks for, by how often they occur (see
// package corpus).
const (
	rareTerm   = corpus.RareTerm
	mediumTerm = corpus.MediumTerm
	commonTerm = corpus.CommonTerm
	onceTerm   = corpus.OnceTerm
)
