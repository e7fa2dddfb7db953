/** Questions every provider offers when it cannot answer: each one the builtin parser answers (a test holds it to that). */
export const ASK_SUGGESTIONS = ['How did sales go this month?', 'Who are my top customers?', "Which regulars haven't been in lately?"];
