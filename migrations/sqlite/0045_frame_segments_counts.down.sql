DROP INDEX frame_segments_counts;
