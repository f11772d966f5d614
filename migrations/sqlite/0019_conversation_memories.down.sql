DROP TABLE conversation_memories;
