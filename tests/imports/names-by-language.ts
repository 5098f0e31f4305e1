// Names and notes per language, as an address book on that language's Windows saves them
// (ADR 082). Written for Kith: many are real names, some spelled as people do in address books
// (an Italian stress accent, "Lucìa"); none is copied from a third-party file. Each name is also
// a file of its own: a short name alone is where the encodings are hardest to tell apart.
// One language a paragraph: its name and encoding, its names a line each, then "notes:" lines.
const TABLE = `
Italian | windows-1252
Niccolò Però
Lucìa Martinì
Nicolò Cantù
Giosuè Carducci
Mosè Bertolò
Noè Zanardò
Attilio Sanzò
Ilarià Forlì
Tommaso Benedettì
Gesù Marìa
Caterina Lucà
Fabrizio Zuccolò
Pietro Antonìo
notes: Ci siamo visti lunedì all'università, però è già partito per Forlì.
notes: Più tardi può darsi; così è la città.

Icelandic | windows-1252
Guðrún Þórsdóttir
Sigurður Ólafsson
Þórunn Jóhannsdóttir
Ragnheiður Ásgeirsdóttir
Björk Guðmundsdóttir
Hafþór Björnsson
Ævar Þór Benediktsson
Eiður Guðjohnsen
Þóra Arnórsdóttir
Guðni Jóhannesson
Auður Ava
notes: Hittumst í Reykjavík á ráðstefnunni.
notes: Hún býr á Akureyri með fjölskyldunni sinni.

French | windows-1252
François Lefèvre
Hélène Bérubé
Jérôme Gâteau
Zoë Laïque
Anaïs Côté
Noël Bœuf
Gaëlle Ménard
Benoît Lemaître
notes: Rencontré à Genève; préfère être appelé après midi.
notes: Très gentille, elle connaît l’équipe de Besançon.

German | windows-1252
Jürgen Müller
Käthe Schröder
Björn Weiß
Uwe Groß
Dörte Hüttner
Günter Jäger
Bärbel Köhler
Jörg Fuß
notes: Trafen uns auf der Messe in München, möchte später zurückrufen.
notes: Geschäftsführer der Süßwaren GmbH.

Spanish and Catalan | windows-1252
José Núñez
Iñaki Ibáñez
Begoña Muñoz
Íñigo Suárez
Raúl Güell
Mercè Rodoreda
Pere Gràcia
Martí Pujolàs
notes: Nos conocimos en la reunión de Logroño; está en Córdoba.
notes: Ens vam conèixer a la fira de Lleida.

Portuguese | windows-1252
João Leão
Conceição Simões
Inês Magalhães
Antônio Brandão
Estêvão Falcão
Sebastião Araújo
Lúcia Assunção
notes: Conhecemo-nos em São Paulo, na exposição de Brasília.
notes: Mãe do João; põe tudo em ordem.

Danish, Norwegian and Swedish | windows-1252
Søren Kierkegaard
Åse Ødegård
Kjærsti Sæther
Ørjan Håland
Åsa Öberg
Märta Löfgren
Håkan Lindqvist
notes: Mødtes i København på konferencen.
notes: Vi träffades på mässan i Göteborg.

Czech | windows-1250
Jiří Dvořák
Petr Černý
Tomáš Růžička
Věra Čáslavská
Zdeněk Svěrák
Kateřina Němcová
Dušan Hůlka
Ludmila Kříž
notes: Potkali jsme se na veletrhu v Brně, příští týden přijede.
notes: Žije v Plzni, mluví německy.

Croatian and Romanian | windows-1250
Ivan Ćosić
Željko Babić
Đurđa Kovačević
Mădălina Ţurcanu
Ioana Bălănescu
Răzvan Popescu
Cătălina Pîrvu
notes: Upoznali smo se na sajmu u Zagrebu.
notes: Ne-am întâlnit la târgul de la Timişoara.

Turkish | windows-1254
Ayşe Yılmaz
Mehmet Öztürk
İsmail Doğan
Şükrü Saracoğlu
Çağla Şıkel
Ertuğrul Kılıç
Buğra Ağaoğlu
notes: İstanbul’daki fuarda tanıştık, çok güzel konuşuyor.

Russian and Ukrainian | windows-1251
Иван Петров
Ольга Соколова
Фёдор Достоевский
Олена Шевченко
Іван Франко
Євген Коновалець
notes: Встретились в Москве на конференции.
notes: Живе у Львові; їздить до Києва.

Greek | windows-1253
Γιώργος Παπαδόπουλος
Νίκος Αλεξίου
Ελένη Οικονόμου
Άννα
Σοφία Ψαρρά
notes: Γνωριστήκαμε στη Θεσσαλονίκη.

Hebrew | windows-1255
דוד כהן
שרה לוי
יוסי
רחל
אבי
נועה מזרחי
יעל
דן
רון
חיים
notes: נפגשנו בכנס בתל אביב

Arabic | windows-1256
محمد العلي
فاطمة
علي
سارة
خالد
يوسف حداد
ليلى
عمر
نور
حسن
notes: التقينا في المؤتمر في القاهرة

Thai | windows-874
สมชาย ใจดี
สมศรี
ชูใจ
ปิติ
สุดา
นิด
ต้น
บุญมี แก้วมณี
กานดา
ประยุทธ์
notes: พบกันที่งานประชุมกรุงเทพ

Vietnamese | windows-1258
Nguyễn Văn An
Phạm Hùng
Trần Thị Hương
Võ Thị Sáu
Đặng Thu Thảo
Ngô Bảo Châu
Huỳnh Mai
Đào
Dũng
notes: Gặp ở Hà Nội tại hội nghị.
`;

export interface Language {
  language: string;
  encoding: string;
  names: string[];
  notes: string[];
}

export const LANGUAGES: Language[] = TABLE.trim()
  .split(/\n\s*\n/)
  .map((paragraph) => {
    const [heading, ...lines] = paragraph.split('\n');
    const [language, encoding] = heading!.split(' | ') as [string, string];
    const notes = lines.filter((l) => l.startsWith('notes: ')).map((l) => l.slice('notes: '.length));
    return { language, encoding, names: lines.filter((l) => !l.startsWith('notes: ')), notes };
  });
