// The LangGraph.js stack of this example, pinned here and nowhere else: the kit's core does not
// depend on LangChain.
export {
  Annotation,
  END,
  MemorySaver,
  MessagesAnnotation,
  START,
  StateGraph,
} from "npm:@langchain/langgraph@1.7.3";
export { ChatOpenAI } from "npm:@langchain/openai@1.6.0";
export { tool } from "npm:@langchain/core@1.4.0/tools";
export {
  AIMessage,
  AIMessageChunk,
  HumanMessage,
  ToolMessage,
} from "npm:@langchain/core@1.4.0/messages";
export type { BaseMessage } from "npm:@langchain/core@1.4.0/messages";
