DELETE FROM stewards WHERE id = -1;
