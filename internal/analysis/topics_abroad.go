package analysis

// The generic nouns the English lists keep out of topics, in the other
// languages sessions are written in: a Russian, Polish, Chinese, Japanese,
// Korean, Spanish or Portuguese session's "текст", "podsumowanie", "版本"
// or "커밋" names its subject no better than "text", "summary", "version"
// or "commit" does an English one. Russian and Polish inflect, so their
// words are listed in the cases a chat uses them in.

// genericNounsAbroad are discourseNouns, programParts and the stop words
// "version", "install" and "details" in other languages: alone, none is a
// topic.
var genericNounsAbroad = set(
	// Russian.
	"текст", "текста", "тексте", "пользователь", "пользователя", "пользователи", "функция", "функции", "функцию",
	"метод", "метода", "переменная", "переменные", "модуль", "модуля", "строка", "строки", "процесс", "версия",
	"версии", "версию", "установка", "установки", "резюме", "итог", "итоги", "обзор", "решение", "решения",
	"описание", "описания", "объяснение", "изложение", "запрос", "запроса", "требования", "информация",
	"информации", "контекст", "анализ", "анализа", "детали", "подробности",
	// Polish.
	"tekst", "tekstu", "użytkownik", "użytkownika", "użytkownicy", "funkcja", "funkcji", "metoda", "metody",
	"zmienna", "zmienne", "moduł", "modułu", "proces", "wersja", "wersji", "instalacja", "instalacji",
	"podsumowanie", "podsumowania", "przegląd", "rozwiązanie", "rozwiązania", "opis", "wyjaśnienie",
	"propozycja", "sugestie", "wymagania", "informacje", "kontekst", "analiza", "analizy", "szczegóły",
	// Chinese, simplified and traditional.
	"版本", "安装", "安裝", "总结", "總結", "摘要", "概述", "概览", "概覽", "解决方案", "解決方案", "建议", "建議",
	"需求", "说明", "說明", "描述", "信息", "資訊", "上下文", "分析", "详细", "詳細", "细节", "細節", "函数", "函數",
	"变量", "變量", "模块", "模塊", "字符串", "文本", "用户", "用戶", "进程", "進程", "项目", "項目",
	// Japanese.
	"バージョン", "インストール", "まとめ", "要約", "概要", "解決策", "提案", "要件", "説明", "情報", "コンテキスト",
	"詳細", "関数", "メソッド", "変数", "モジュール", "文字列", "テキスト", "ユーザー", "プロセス", "プロジェクト",
	// Korean.
	"버전", "설치", "요약", "개요", "해결책", "제안", "요구사항", "설명", "정보", "분석", "상세", "세부", "함수",
	"메서드", "변수", "모듈", "문자열", "텍스트", "사용자", "프로세스",
	// Spanish and Portuguese.
	"versión", "versão", "instalación", "instalação", "resumen", "resumo", "descripción", "descrição", "solución",
	"solução", "sugerencia", "sugestão", "análisis", "análise", "información", "informação", "usuario", "usuário",
	"función", "função", "variable", "variável", "módulo", "proceso", "processo", "texto")

// workflowNounsAbroad are workflowNouns in other languages: the nouns of
// any session of software work, a topic only when nothing more specific
// scores as much.
var workflowNounsAbroad = set(
	// Russian.
	"коммит", "коммита", "коммиты", "ветка", "ветку", "ветке", "репозиторий", "репозитория", "репозитории",
	"папка", "папку", "папке", "директория", "директорию", "команда", "команду", "команды", "скрипт", "скрипта",
	"скрипты", "инструмент", "инструменты", "вывод", "статус", "тесты", "задача", "задачу", "задачи", "данные",
	"сообщение", "сообщения", "сессия", "сессии", "чат", "чата",
	// Polish.
	"commity", "commita", "gałąź", "gałęzi", "repozytorium", "folderu", "polecenie", "polecenia", "komenda",
	"komendy", "skrypt", "skryptu", "skrypty", "narzędzie", "narzędzia", "testy", "zadanie", "zadania", "dane",
	"wiadomość", "wiadomości", "sesja", "sesji",
	// Chinese, simplified and traditional.
	"提交", "分支", "仓库", "倉庫", "目录", "目錄", "文件夹", "資料夾", "命令", "脚本", "腳本", "工具", "输出", "輸出",
	"结果", "結果", "状态", "狀態", "测试", "測試", "任务", "任務", "数据", "數據", "名称", "名稱", "消息", "会话", "會話",
	// Japanese.
	"コミット", "ブランチ", "リポジトリ", "ディレクトリ", "フォルダ", "コマンド", "スクリプト", "ツール", "出力",
	"ステータス", "状態", "テスト", "タスク", "データ", "名前", "メッセージ", "セッション",
	// Korean.
	"커밋", "브랜치", "저장소", "레포", "폴더", "디렉토리", "명령어", "스크립트", "도구", "출력", "상태", "테스트",
	"데이터", "이름", "메시지", "세션",
	// Spanish and Portuguese.
	"rama", "repositorio", "repositório", "carpeta", "pasta", "directorio", "diretório", "comando", "comandos",
	"herramienta", "ferramenta", "salida", "saída", "resultado", "resultados", "estado", "pruebas", "testes",
	"tarea", "tarefa", "datos", "dados", "mensaje", "mensagem", "sesión", "sessão")
