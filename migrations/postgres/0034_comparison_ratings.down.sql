DROP TABLE comparison_ratings;
